package suite

import (
	"fmt"
	"html"
	"math"
	"strings"
	"time"

	"github.com/parism-go/parism/shaper"
)

// Hand-written SVG: fixed layout, numbers printed with fixed precision, so
// that the same figures give the same bytes.

var formColors = map[string]string{
	FormRaw:         "#6b7280",
	FormJSON:        "#dc2626",
	FormJSONNoRaw:   "#f59e0b",
	FormCompact:     "#2563eb",
	FormSelectLimit: "#16a34a",
	FormBudget:      "#7c3aed",
}

type svgDoc struct {
	b strings.Builder
}

func (d *svgDoc) f(format string, a ...any) { fmt.Fprintf(&d.b, format, a...) }

func (d *svgDoc) text(x, y float64, anchor, size, fill, s string) {
	d.f(`<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%s" fill="%s">%s</text>`+"\n", x, y, anchor, size, fill, html.EscapeString(s))
}

func (d *svgDoc) open(w, h float64, title string) {
	d.f(`<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="Helvetica, Arial, sans-serif">`+"\n", w, h, w, h)
	d.f("<title>%s</title>\n", html.EscapeString(title))
	d.f(`<rect width="100%%" height="100%%" fill="#ffffff"/>` + "\n")
}

// TokensSVG draws tokens per form per scenario (o200k_base), grouped
// horizontal bars on a log scale.
func TokensSVG(rs []*TokenResult) []byte {
	const (
		left, chartW, right = 250.0, 620.0, 70.0
		top, barH, gap      = 78.0, 9.0, 1.0
		groupGap            = 12.0
	)
	tok := shaper.TokenizerO200k
	maxTok := 10
	for _, r := range rs {
		for _, f := range Forms {
			if m := r.Forms[f]; m.Applies() {
				maxTok = max(maxTok, m.Tokens[tok])
			}
		}
	}
	lo, hi := 1.0, math.Ceil(math.Log10(float64(maxTok)))
	x := func(v int) float64 {
		if v < 10 {
			v = 10
		}
		return left + (math.Log10(float64(v))-lo)/(hi-lo)*chartW
	}
	groupH := float64(len(Forms))*(barH+gap) + groupGap
	h := top + float64(len(rs))*groupH + 30
	w := left + chartW + right
	var d svgDoc
	d.open(w, h, "Tokens per response form and scenario (o200k_base)")
	d.text(w/2, 22, "middle", "15", "#111827", "Tokens per response form and scenario (o200k_base, log scale)")
	// Legend.
	lx := left
	for _, f := range Forms {
		d.f(`<rect x="%.1f" y="34" width="10" height="10" fill="%s"/>`+"\n", lx, formColors[f])
		d.text(lx+14, 43, "start", "11", "#111827", f)
		lx += 14 + float64(len(f))*6.5 + 18
	}
	// Grid: one line per power of ten.
	for p := lo; p <= hi; p++ {
		gx := left + (p-lo)/(hi-lo)*chartW
		d.f(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e5e7eb"/>`+"\n", gx, top-8, gx, h-26)
		d.text(gx, top-12, "middle", "10", "#6b7280", num(int(math.Pow(10, p))))
	}
	y := top
	for _, r := range rs {
		d.text(left-8, y+float64(len(Forms))*(barH+gap)/2+3, "end", "11", "#111827", r.Scenario.Title)
		for _, f := range Forms {
			m := r.Forms[f]
			if m.Applies() {
				v := m.Tokens[tok]
				d.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s, %s: %s tokens</title></rect>`+"\n",
					left, y, x(v)-left, barH, formColors[f], html.EscapeString(r.Scenario.Title), f, num(v))
				d.text(x(v)+3, y+barH-1, "start", "8", "#374151", num(v))
			} else {
				d.text(left+3, y+barH-1, "start", "8", "#9ca3af", f+": n/a")
			}
			y += barH + gap
		}
		y += groupGap
	}
	d.text(left, h-8, "start", "10", "#6b7280", "Counted exactly (o200k_base) on the bytes the server sends; see report.md for cl100k_base and ratios.")
	d.f("</svg>\n")
	return []byte(d.b.String())
}

// SpeedSVG draws parse throughput per parser and the round-trip latencies.
func SpeedSVG(res *Results) []byte {
	const (
		left, chartW, right = 200.0, 560.0, 90.0
		barH, gap           = 14.0, 4.0
	)
	var ok []Throughput
	maxMB := 1.0
	for _, t := range res.Throughput {
		if t.Err == "" {
			ok = append(ok, t)
			maxMB = max(maxMB, t.MBps)
		}
	}
	scaleMB := niceCeil(maxMB)
	top := 70.0
	h1 := float64(len(ok))*(barH+gap) + 20
	top2 := top + h1 + 60
	h2 := float64(len(res.RoundTrip))*2*(barH+gap) + 20
	h := top2 + h2 + 30
	w := left + chartW + right
	var d svgDoc
	d.open(w, h, "Parism speed")
	mode := "full run"
	if res.Quick {
		mode = "quick run"
	}
	d.text(w/2, 22, "middle", "15", "#111827", fmt.Sprintf("Speed (%s, %d cores, %s, %s)", res.Machine.CPU, res.Machine.Cores, res.Machine.Go, mode))
	d.text(left, top-20, "start", "13", "#111827", "Parse throughput, MB/s (builtin.Default().Parse)")
	axis := func(y0, y1, scale float64, unit string) {
		for i := 0; i <= 4; i++ {
			v := scale * float64(i) / 4
			gx := left + float64(i)/4*chartW
			d.f(`<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e5e7eb"/>`+"\n", gx, y0-4, gx, y1)
			d.text(gx, y0-6, "middle", "10", "#6b7280", trimFloat(v)+unit)
		}
	}
	axis(top, top+h1-20, scaleMB, "")
	y := top
	for _, t := range ok {
		d.text(left-8, y+barH-3, "end", "11", "#111827", t.Parser)
		bw := t.MBps / scaleMB * chartW
		d.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#2563eb"><title>%s: %.1f MB/s</title></rect>`+"\n", left, y, bw, barH, html.EscapeString(t.Parser), t.MBps)
		d.text(left+bw+4, y+barH-3, "start", "10", "#374151", fmt.Sprintf("%.1f", t.MBps))
		y += barH + gap
	}
	d.text(left, top2-20, "start", "13", "#111827", "Latency, ms: p50 (dark) and p99 (light)")
	maxMs := 1.0
	for _, l := range res.RoundTrip {
		maxMs = max(maxMs, ms(l.P99))
	}
	scaleMs := niceCeil(maxMs)
	axis(top2, top2+h2-20, scaleMs, "")
	y = top2
	for _, l := range res.RoundTrip {
		d.text(left-8, y+barH+gap/2+3, "end", "11", "#111827", shortName(l.Name))
		for i, v := range []float64{ms(l.P50), ms(l.P99)} {
			color := []string{"#16a34a", "#86efac"}[i]
			bw := v / scaleMs * chartW
			d.f(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", left, y, bw, barH, color)
			d.text(left+bw+4, y+barH-3, "start", "10", "#374151", fmt.Sprintf("%.2f", v))
			y += barH + gap
		}
	}
	if res.RoundErr != "" {
		d.text(left, top2+12, "start", "11", "#dc2626", "round trip not measured: "+res.RoundErr)
	}
	d.f("</svg>\n")
	return []byte(d.b.String())
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

func shortName(s string) string {
	if i := strings.Index(s, " ("); i > 0 {
		return s[:i]
	}
	return s
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
