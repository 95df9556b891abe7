package oolong

import (
	"fmt"

	"tabuleiro/games"
)

// A games.Move packs the decision kind in bits 0–2 and up to four 4-bit fields above it, so every
// decision formats without the position: place (table, seat), move tea (from table, from seat,
// to table, to seat), waiter (target), rotate (k), swap (P, Q as written), skip.
const (
	kindPlace = iota + 1
	kindMoveTea
	kindWaiter
	kindRotate
	kindSwap
	kindSkip
)

func moveKind(m games.Move) int { return int(m & 7) }
func fieldA(m games.Move) Dir   { return Dir(m >> 3 & 15) }
func fieldB(m games.Move) Dir   { return Dir(m >> 7 & 15) }
func fieldC(m games.Move) Dir   { return Dir(m >> 11 & 15) }
func fieldD(m games.Move) Dir   { return Dir(m >> 15 & 15) }

func place(t, s Dir) games.Move { return kindPlace | games.Move(t)<<3 | games.Move(s)<<7 }
func moveTea(a, s, z, e Dir) games.Move {
	return kindMoveTea | games.Move(a)<<3 | games.Move(s)<<7 | games.Move(z)<<11 | games.Move(e)<<15
}
func waiterTo(t Dir) games.Move { return kindWaiter | games.Move(t)<<3 }
func rotate(k int) games.Move   { return kindRotate | games.Move(k)<<3 }
func swap(a, b Dir) games.Move  { return kindSwap | games.Move(a)<<3 | games.Move(b)<<7 }

const skip games.Move = kindSkip

// Served is the seat decision m put a tea on: the seat served, or where a Move Tea special took
// one; ok is false for the other decisions.
func Served(m games.Move) (table, seat Dir, ok bool) {
	switch moveKind(m) {
	case kindPlace:
		return fieldA(m), fieldB(m), true
	case kindMoveTea:
		return fieldC(m), fieldD(m), true
	}
	return 0, 0, false
}

// Took is the seat a Move Tea special took its tea from; ok is false for the other decisions.
func Took(m games.Move) (table, seat Dir, ok bool) {
	if moveKind(m) == kindMoveTea {
		return fieldA(m), fieldB(m), true
	}
	return 0, 0, false
}

// FormatMove writes a decision in canonical notation.
func FormatMove(m games.Move) string {
	switch moveKind(m) {
	case kindPlace:
		return fieldA(m).String() + "." + fieldB(m).String()
	case kindMoveTea:
		return fmt.Sprintf("move %s.%s %s.%s", fieldA(m), fieldB(m), fieldC(m), fieldD(m))
	case kindWaiter:
		return "waiter " + fieldA(m).String()
	case kindRotate:
		return fmt.Sprintf("rotate %d", fieldA(m))
	case kindSwap:
		return fmt.Sprintf("swap %s %s", fieldA(m), fieldB(m))
	case kindSkip:
		return "skip"
	}
	return fmt.Sprintf("move(%#x)", uint32(m))
}
