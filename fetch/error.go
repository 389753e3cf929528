package fetch

import (
	"context"
	"errors"
	"net"
)

// Error is why an origin was unreachable or its robots.txt unavailable,
// held as data so that an Entry round-trips through any encoding (a
// Store backed by a database or files) and reads back the same.
type Error struct {
	// Class is one of the ErrorClass values: what kind of failure it was.
	Class ErrorClass
	// Message says what happened, for logs.
	Message string
}

// ErrorClass names a kind of fetch failure.
type ErrorClass string

// The classes of Error.
const (
	ErrRequest  ErrorClass = "request"  // no request could be made of the URL
	ErrNetwork  ErrorClass = "network"  // DNS, connection, TLS: no response
	ErrTimeout  ErrorClass = "timeout"  // no response within the Timeout
	ErrBody     ErrorClass = "body"     // a 2xx whose body was cut short
	ErrRedirect ErrorClass = "redirect" // more than MaxRedirects, or a bad Location
	ErrStatus   ErrorClass = "status"   // a status that answers nothing (a 304 unasked)
)

func (e *Error) Error() string { return string(e.Class) + ": " + e.Message }

// newError makes an Error of class c from err.
func newError(c ErrorClass, err error) *Error {
	return &Error{Class: c, Message: err.Error()}
}

// transportError classes an error of the HTTP client.
func transportError(err error) *Error {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		return newError(ErrTimeout, err)
	}
	return newError(ErrNetwork, err)
}
