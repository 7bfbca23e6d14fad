package orders

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	if _, err := Parse([]byte(`{"sku":"A1","quantity":2}`)); err != nil {
		t.Fatalf("valid order refused: %v", err)
	}
	for _, body := range []string{`{`, `{"sku":""}`, `{"sku":"A1","quantity":0}`} {
		if _, err := Parse([]byte(body)); !errors.Is(err, ErrMalformed) {
			t.Errorf("Parse(%s) = %v, want ErrMalformed", body, err)
		}
	}
}
