package bot

import (
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// A game's heading names only the options that differ from what the game takes by default: a
// tournament keeps every option, and "(rules: ouri, misere: false)" says nothing a title does not.
func TestDescribedOptionsLeaveTheDefaultsOut(t *testing.T) {
	var withChoices *games.Descriptor
	for _, d := range catalog.All() {
		if len(d.Options) > 1 {
			withChoices = d
		}
	}
	if withChoices == nil {
		t.Skip("no game has two options")
	}
	all := games.Options{}
	for _, spec := range withChoices.Options {
		all[spec.Name] = optionDefault(spec)
	}
	if got := describeOptions(withChoices, all); got != "" {
		t.Errorf("every option at its default: %q, want nothing", got)
	}
	first := withChoices.Options[0]
	other := "true"
	if !first.Bool && len(first.Choices) > 1 {
		other = first.Choices[1]
	}
	all[first.Name] = other
	if got, want := describeOptions(withChoices, all), " ("+first.Name+": "+other+")"; got != want {
		t.Errorf("one option changed: %q, want %q", got, want)
	}
}
