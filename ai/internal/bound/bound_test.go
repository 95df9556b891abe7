package bound

import "testing"

func TestBounds(t *testing.T) {
	tests := []struct {
		name              string
		best, alpha, beta int
		want              Bound
	}{
		{"a score inside the window is exact", 5, 0, 10, Exact},
		{"a fail low bounds from above", 0, 0, 10, Upper},
		{"a fail high bounds from below", 12, 0, 10, Lower},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Of(tt.best, tt.alpha, tt.beta); got != tt.want {
				t.Errorf("Of(%d, %d, %d) = %d, want %d", tt.best, tt.alpha, tt.beta, got, tt.want)
			}
		})
	}
	settles := []struct {
		name           string
		b              Bound
		v, alpha, beta int
		want           bool
	}{
		{"an exact score always settles", Exact, 5, 0, 10, true},
		{"a lower bound at or over beta settles", Lower, 10, 0, 10, true},
		{"a lower bound under beta does not", Lower, 9, 0, 10, false},
		{"an upper bound at or under alpha settles", Upper, 0, 0, 10, true},
		{"an upper bound over alpha does not", Upper, 1, 0, 10, false},
		{"an empty entry never settles", None, 5, 0, 10, false},
	}
	for _, tt := range settles {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.b.Settles(tt.v, tt.alpha, tt.beta); got != tt.want {
				t.Errorf("Settles = %v, want %v", got, tt.want)
			}
		})
	}
}
