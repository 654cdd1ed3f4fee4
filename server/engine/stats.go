package engine

import (
	"maps"
	"sync"
)

// Stat is per-command telemetry shown by describe when telemetry is on. It
// stays in the process: nothing is sent anywhere.
type Stat struct {
	Calls      int     `json:"calls"`
	Failures   int     `json:"failures"`
	Parsed     int     `json:"parsed"`
	TotalMs    float64 `json:"total_ms"`
	MaxMs      float64 `json:"max_ms"`
	GuardBlock int     `json:"guard_blocks"`
}

type stats struct {
	mu  sync.Mutex
	cmd map[string]Stat
}

func newStats() *stats { return &stats{cmd: map[string]Stat{}} }

// statsMaxCommands bounds the table: an agent trying random names must not
// grow the server's memory.
const statsMaxCommands = 256

func (s *stats) record(cmd string, env *Envelope) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.cmd[cmd]
	if !ok && len(s.cmd) >= statsMaxCommands {
		return
	}
	st.Calls++
	if !env.OK {
		st.Failures++
	}
	if env.Failure != nil && env.Failure.Kind == KindGuard {
		st.GuardBlock++
	}
	if env.Stdout.Parsed != nil {
		st.Parsed++
	}
	st.TotalMs += env.DurationMs
	st.MaxMs = max(st.MaxMs, env.DurationMs)
	s.cmd[cmd] = st
}

func (s *stats) snapshot() map[string]Stat {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.cmd)
}
