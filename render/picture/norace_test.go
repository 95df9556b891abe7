//go:build !race

package picture

// raced is true under the race detector (race_test.go).
const raced = false
