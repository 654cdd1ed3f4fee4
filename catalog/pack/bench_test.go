package pack

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/catalog"
)

// BenchmarkExecPack measures what one exec pack call costs end to end:
// start the program in its own process group with its limits, feed it 20
// lines, decode its JSON. p50-ms is the target metric (<= 2 ms).
func BenchmarkExecPack(b *testing.B) {
	for _, bc := range []struct{ name, script string }{
		{"sh-builtin", `while read -r l; do :; done; echo '{"rows":[]}'`},
		{"sh-wc", `printf '{"lines":%s}' "$(wc -l | tr -d ' ')"`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p, err := LoadPack(execPack(b, bc.script), Options{})
			if err != nil {
				b.Fatal(err)
			}
			reg := catalog.NewRegistry()
			reg.Register(p.Parser)
			in := catalog.Input{Cmd: "ex", Raw: strings.Repeat("total 20 some line of text\n", 20), OS: catalog.Linux}
			durs := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			for b.Loop() {
				t := time.Now()
				if r := reg.Parse(in); r.Err != nil {
					b.Fatal(r.Err)
				}
				durs = append(durs, time.Since(t))
			}
			slices.Sort(durs)
			b.ReportMetric(float64(durs[len(durs)/2])/1e6, "p50-ms")
			b.ReportMetric(float64(durs[len(durs)*99/100])/1e6, "p99-ms")
		})
	}
}

func BenchmarkDeclarativePack(b *testing.B) {
	_, reg := loadTestPack(b, "procs", Options{})
	raw := "PID USER MEM COMMAND\n" + strings.Repeat("1234 root 12M /usr/bin/something --flag value\n", 500)
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if r := reg.Parse(catalog.Input{Cmd: "procs", Raw: raw, OS: catalog.Linux}); r.Err != nil {
			b.Fatal(r.Err)
		}
	}
}
