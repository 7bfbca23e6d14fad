package records

import (
	"errors"
	"fmt"
	"math/big"
)

// BreakEven is the pack's overhead model: with a prefix of P tokens sent
// before any content, C content tokens for the coarse step and k atomic
// steps replacing it, slicing pays only when the reuse hit rate h exceeds
// (k - 1)P / (kP + C).
type BreakEven struct {
	Prefix  int64 // P
	Content int64 // C
	Slices  int64 // k
}

// ErrBreakEvenInput is returned for inputs the model does not cover.
var ErrBreakEvenInput = errors.New("break-even needs prefix ≥ 0, content ≥ 0, slices ≥ 1 and kP + C > 0")

// Exact returns the required hit rate as an exact fraction.
func (b BreakEven) Exact() (*big.Rat, error) {
	if b.Prefix < 0 || b.Content < 0 || b.Slices < 1 {
		return nil, ErrBreakEvenInput
	}
	p, c, k := big.NewInt(b.Prefix), big.NewInt(b.Content), big.NewInt(b.Slices)
	num := new(big.Int).Mul(new(big.Int).Sub(k, big.NewInt(1)), p)
	den := new(big.Int).Add(new(big.Int).Mul(k, p), c)
	if den.Sign() == 0 {
		return nil, fmt.Errorf("prefix %d, content %d: %w", b.Prefix, b.Content, ErrBreakEvenInput)
	}
	return new(big.Rat).SetFrac(num, den), nil
}

// Rounded returns the required hit rate rounded to three places, half away
// from zero, and whether the exact value lay exactly halfway, where the
// pack's round() may round to even instead (see Accepts).
func (b BreakEven) Rounded() (*big.Rat, bool, error) {
	x, err := b.Exact()
	if err != nil {
		return nil, false, err
	}
	down, up, tie := roundThousandths(x)
	if tie || up.Cmp(down) != 0 && closerToUp(x, down, up) {
		return up, tie, nil
	}
	return down, false, nil
}

// Accepts reports whether a recorded rate equals the rounded model value.
// At an exact tie both neighbours are accepted, since round-half-even and
// round-half-up differ there and the pack does not say which it means.
func (b BreakEven) Accepts(recorded *big.Rat) (bool, error) {
	x, err := b.Exact()
	if err != nil {
		return false, err
	}
	down, up, tie := roundThousandths(x)
	if tie {
		return recorded.Cmp(down) == 0 || recorded.Cmp(up) == 0, nil
	}
	want := down
	if closerToUp(x, down, up) {
		want = up
	}
	return recorded.Cmp(want) == 0, nil
}

// roundThousandths brackets non-negative x between the thousandths below
// and above it and reports whether x lies exactly halfway.
func roundThousandths(x *big.Rat) (down, up *big.Rat, tie bool) {
	scaled := new(big.Rat).Mul(x, big.NewRat(1000, 1))
	q, r := new(big.Int).QuoRem(scaled.Num(), scaled.Denom(), new(big.Int))
	down = new(big.Rat).SetFrac(q, big.NewInt(1000))
	if r.Sign() == 0 {
		return down, down, false
	}
	up = new(big.Rat).SetFrac(new(big.Int).Add(q, big.NewInt(1)), big.NewInt(1000))
	twice := new(big.Int).Mul(r, big.NewInt(2))
	return down, up, twice.Cmp(scaled.Denom()) == 0
}

func closerToUp(x, down, up *big.Rat) bool {
	toDown := new(big.Rat).Sub(x, down)
	toUp := new(big.Rat).Sub(up, x)
	return toUp.Cmp(toDown) < 0
}

// FormatRate prints a rounded rate with three decimals, as the pack does.
func FormatRate(r *big.Rat) string { return r.FloatString(3) }
