package catalog

import (
	"fmt"
	"runtime"
)

// OS names the userland whose output a parser reads. The values are GOOS
// names so that callers can pass runtime.GOOS directly.
type OS string

const (
	Linux   OS = "linux"
	Darwin  OS = "darwin"
	FreeBSD OS = "freebsd"
	Windows OS = "windows"
)

// OSes lists the supported values in a stable order.
var OSes = []OS{Linux, Darwin, FreeBSD, Windows}

// HostOS is the OS this process runs on, folded onto a supported value:
// the other BSDs read like FreeBSD, everything else unknown like Linux.
func HostOS() OS { return foldOS(runtime.GOOS) }

func foldOS(goos string) OS {
	switch goos {
	case "darwin", "ios":
		return Darwin
	case "freebsd", "openbsd", "netbsd", "dragonfly":
		return FreeBSD
	case "windows":
		return Windows
	default:
		return Linux
	}
}

// ParseOS validates a user-supplied OS name ("macos" is accepted for darwin).
func ParseOS(s string) (OS, error) {
	switch s {
	case "linux":
		return Linux, nil
	case "darwin", "macos", "mac":
		return Darwin, nil
	case "freebsd", "bsd":
		return FreeBSD, nil
	case "windows":
		return Windows, nil
	}
	return "", fmt.Errorf("unknown os %q (want linux, darwin, freebsd or windows)", s)
}

// BsdLike reports whether the OS uses a BSD userland (ls, ps, stat, df differ).
func (o OS) BsdLike() bool { return o == Darwin || o == FreeBSD }
