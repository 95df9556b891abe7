package bot

import (
	"strings"
	"testing"

	"tabuleiro/learn"
	"tabuleiro/say"
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
					m := lessonMessage(a, lead, w, true)
					if n := Size(m.Content); n > maxContent || strings.HasSuffix(m.Content.String(), "…") {
						t.Errorf("%d characters or clipped:\n%s", n, m.Content)
					}
				})
			}
		}
	}
}
