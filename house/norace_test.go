//go:build !race

package house

// buildFlags: see race_test.go.
var buildFlags []string
