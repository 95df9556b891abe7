package bot

import (
	"strings"
	"testing"

	"tabuleiro/learn"
	"tabuleiro/say"
	"tabuleiro/table"
)

func TestEveryLessonFitsAMessageWithTheLastOnesConclusion(t *testing.T) {
	for _, lang := range say.Languages {
		w := say.For(lang)
		for _, d := range descriptors() {
			ls := learn.Of(d)
			for i, l := range ls {
				t.Run(lang+"/"+l.ID, func(t *testing.T) {
					a, err := learn.Start(l)
					if err != nil {
						t.Fatal(err)
					}
					var lead []say.Rich
					if i > 0 {
						lead = append(lead, w.Rich("lesson.right", map[string]any{"Move": "move nw.sw se.ne"}),
							w.Rich("lesson.done", map[string]any{"Done": w.Rich(ls[i-1].Done(), nil)}))
					}
					m := lessonMessage(a, lead, w, "", asText)
					if n := letters(m.Content); n > maxContent || strings.HasSuffix(m.Content.String(), "…") {
						t.Errorf("%d characters or clipped:\n%s", n, m.Content)
					}
				})
			}
		}
	}
}

func TestTheOffersLessonIsAnsweredByTheOfferWithoutAGame(t *testing.T) {
	e := newEnv(t)
	ouri := table.Describe("ouri")
	var p learn.Progress
	for _, l := range learn.Of(ouri) {
		if l.ID == "ouri.agree" {
			break
		}
		p.Done = append(p.Done, l.ID)
	}
	if _, err := e.st.ChangeLessonProgress("alice", ouri.Kind, func([]byte) ([]byte, error) { return p.Encode(), nil }); err != nil {
		t.Fatal(err)
	}
	w := say.For(say.English)
	for _, c := range []struct {
		name string
		in   *Interaction
		want string
	}{
		{"the lesson asks for the offer", e.slash("alice", ouri.Kind, "learn"), w.T("learn.ouri.agree.task", nil)},
		{"a move is not the task", e.slash("alice", ouri.Kind, "move", "play", "a"), w.T("learn.ouri.agree.sowed", map[string]any{"Offer": ouri.Offer})},
		{"the offer is, and the lesson is done", e.slash("alice", ouri.Kind, ouri.Offer), w.T("learn.ouri.agree.done", nil)},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(c.in)
			if got := said(r.Message); !r.Message.Private || !strings.Contains(got, strings.ReplaceAll(c.want, "**", "")) {
				t.Errorf("private %v, want %q in:\n%s", r.Message.Private, c.want, got)
			}
		})
	}
}

func TestAnIllegalAnswerToALessonReadsAsASentenceBeforeTheRetry(t *testing.T) {
	e := newEnv(t)
	ouri := table.Describe("ouri")
	e.do(e.slash("alice", ouri.Kind, "learn"))
	for _, lang := range say.Languages {
		w := say.For(lang)
		t.Run(lang, func(t *testing.T) {
			in := e.slash("alice", ouri.Kind, "move", "play", "z")
			in.Locale = lang
			got := said(e.do(in).Message)
			refusal := w.T("lesson.wrong", map[string]any{"Why": "@"})
			before, after, _ := strings.Cut(refusal, "@")
			line, _, _ := strings.Cut(got, "\n")
			if !strings.HasPrefix(line, before) || !strings.HasSuffix(line, "."+after) {
				t.Errorf("the explanation does not end its sentence before %q:\n%s", after, line)
			}
		})
	}
}
