package bot

import (
	"context"
	"os"
	"strings"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

func TestConsoleTry(t *testing.T) {
	if os.Getenv("TRY") == "" {
		t.Skip()
	}
	st, err := store.Open(t.TempDir()+"/t.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	in := os.Getenv("TRY")
	RunConsole(context.Background(), st, Config{Seed: 1}, strings.NewReader(strings.ReplaceAll(in, ";", "\n")), os.Stdout)
}
