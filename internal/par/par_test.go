package par

import (
	"sync/atomic"
	"testing"
)

func TestEachRunsEveryIndexOnce(t *testing.T) {
	const n = 1000
	var seen [n]int32
	var total int64
	Each(n, func(i int) {
		atomic.AddInt32(&seen[i], 1)
		atomic.AddInt64(&total, int64(i))
	})
	for i, c := range seen {
		if c != 1 {
			t.Fatalf("index %d ran %d times", i, c)
		}
	}
	if total != n*(n-1)/2 {
		t.Errorf("sum of indexes %d", total)
	}
	Each(0, func(int) { t.Error("ran with n = 0") })
}
