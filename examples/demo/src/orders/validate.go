// Package orders is the sample code STORY-001 changed.
package orders

import (
	"encoding/json"
	"errors"
)

// Order is a purchase request.
type Order struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// ErrMalformed is returned for bodies the API rejects with HTTP 400.
var ErrMalformed = errors.New("malformed order")

// Parse decodes and validates an order body.
func Parse(body []byte) (Order, error) {
	var o Order
	if err := json.Unmarshal(body, &o); err != nil || o.SKU == "" || o.Quantity < 1 {
		return Order{}, ErrMalformed
	}
	return o, nil
}
