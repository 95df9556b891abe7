// Package learn holds the interactive lessons: a short text, a small position and a task. Each
// game's file (oolong.go, ouri.go, ordo.go) registers its lessons under the game's descriptor, in
// teaching order; together they teach every rule of the game.
//
// A lesson's texts are catalogue ids (say): learn.<id>.title, .text (the rule), .task (what to
// do) and .done (what the right answer showed). The learner answers with decisions in the game's
// notation (or its buttons); a wrong one is explained and may be tried again, a right one is
// played with the other side's scripted replies until the task is complete.
//
// What the bot keeps is a Progress per person and game, a plain value with Encode and
// DecodeProgress:
//
//	a, err := learn.Next(d, progress) // the lesson under way, or the next one not done
//	ans := a.Try("d")                 // or a.Decide(m) from a button, a.Offer() for /… end
//	progress = progress.Record(a)     // store it, then reply with ans.Why or the lesson's .done
package learn
