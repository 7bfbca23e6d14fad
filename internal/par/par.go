// Package par runs independent work items on all CPUs.
package par

import (
	"runtime"
	"sync"
)

// Each runs fn(0..n-1) on GOMAXPROCS workers fed one index at a time, so a
// slow item never holds up a pre-assigned batch behind it.
func Each(n int, fn func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
