//go:build race

package picture

// raced is true under the race detector, which makes every pixel written and read many times
// slower: the tests that draw hundreds of boards then draw a sample of them (see each).
const raced = true
