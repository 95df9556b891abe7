package games

import (
	"strings"
	"testing"
)

func TestOptionsRoundTripThroughTheirCanonicalString(t *testing.T) {
	o := Options{"rules": "abapa", "misere": "true", "layout": "BM,RO,GW,SU,RO,GM,SC,BW"}
	s := o.String()
	if s != "layout=BM,RO,GW,SU,RO,GM,SC,BW;misere=true;rules=abapa" {
		t.Errorf("String() = %q", s)
	}
	back, err := ParseOptions(s)
	if err != nil || back.String() != s {
		t.Errorf("ParseOptions(%q) = %v, %v", s, back, err)
	}
}

func TestParseOptionsRefusesMalformedItems(t *testing.T) {
	for _, s := range []string{"rules", "=abapa", "rules=ouri;rules=abapa"} {
		if _, err := ParseOptions(s); err == nil {
			t.Errorf("ParseOptions(%q) accepted it", s)
		}
	}
	if o, err := ParseOptions("  "); err != nil || len(o) != 0 {
		t.Errorf("blank options: %v, %v", o, err)
	}
}

func TestOutcomeSpeaksTheEngineProtocol(t *testing.T) {
	tests := []struct {
		o            Outcome
		result, text string
	}{
		{Ongoing, "", "ongoing"},
		{Outcome{Winner: 0, Method: Claim}, "0", "seat 0 wins by claim"},
		{Outcome{Winner: 1, Method: Time}, "1", "seat 1 wins by time"},
		{Outcome{Winner: NoSeat, Method: Repetition}, "draw", "draw by repetition"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if tt.o.Result() != tt.result || tt.o.String() != tt.text {
				t.Errorf("got %q / %q", tt.o.Result(), tt.o.String())
			}
			if tt.o.Draw() != strings.HasPrefix(tt.text, "draw") {
				t.Errorf("Draw() = %v", tt.o.Draw())
			}
		})
	}
}

func TestDecodeRecordNeverPanicsOnPrefixesOfAGoodRecord(t *testing.T) {
	good := Record{Kind: "ouri", Code: 2, Options: Options{"rules": "ouri", "misere": "false"}, Log: []Move{3, 2, 5, 300}, Loser: NoSeat}.Encode()
	for n := 0; n < len(good); n++ {
		if _, err := DecodeRecord(good[:n]); err == nil {
			t.Errorf("a record cut to %d of %d bytes decoded", n, len(good))
		}
	}
	r, err := DecodeRecord(good)
	if err != nil || len(r.Log) != 4 || r.Log[3] != 300 {
		t.Errorf("DecodeRecord(good) = %+v, %v", r, err)
	}
}

func TestEndOutsidePlay(t *testing.T) {
	agreed := func() Outcome { return Outcome{Winner: 1, Method: Agreement} }
	tests := []struct {
		name   string
		now    Outcome
		method Method
		loser  Seat
		want   Outcome
		err    string
	}{
		{"a resignation loses for the resigner", Ongoing, Resignation, 0, Outcome{Winner: 1, Method: Resignation}, ""},
		{"time loses for the idle player", Ongoing, Time, 1, Outcome{Winner: 0, Method: Time}, ""},
		{"an agreement is what the game says it is", Ongoing, Agreement, NoSeat, Outcome{Winner: 1, Method: Agreement}, ""},
		{"a resignation needs a loser", Ongoing, Resignation, NoSeat, Ongoing, "losing seat"},
		{"a finished game stays finished", Outcome{Winner: 0, Method: Claim}, Time, 1, Outcome{Winner: 0, Method: Claim}, "already over"},
		{"play's own endings are not for End", Ongoing, Claim, 1, Ongoing, "cannot be ended by claim"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := EndOutside(tt.now, tt.method, tt.loser, agreed)
			if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
				t.Errorf("got %v, %v; want %v, %q", got, err, tt.want, tt.err)
			}
		})
	}
}
