package config

import (
	"net"
	"strconv"
)

// DefaultWebAddr is where the console serves its web board unless WEB_ADDR says otherwise:
// loopback, so that only this machine's browsers reach it.
const DefaultWebAddr = "127.0.0.1:8080"

// WebAddr reads WEB_ADDR's value v: a host:port to listen on, "" for the default, "off" for no web
// board (returned as "").
func WebAddr(v string, bad func(format string, a ...any)) string {
	switch v {
	case "":
		return DefaultWebAddr
	case "off":
		return ""
	}
	_, port, err := net.SplitHostPort(v)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		bad("WEB_ADDR: %q is not an address to listen on, like 127.0.0.1:8080 (or off for no web board)", v)
		return ""
	}
	return v
}
