//go:build race

package house

// buildFlags are the flags this test binary was built with that change the compiled packages:
// go list -export then finds them in the build cache instead of compiling them again.
var buildFlags = []string{"-race"}
