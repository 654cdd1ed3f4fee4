package lex

import "testing"

// TestSizeDialects: one reader, each program's dialect: the bytes (or
// the dialect's unit) and the unit as printed.
func TestSizeDialects(t *testing.T) {
	busybox := Sizes(map[string]float64{"k": 1, "m": 1 << 10, "g": 1 << 20}, false)
	lscpu := Sizes(map[string]float64{"": 1, "K": 1 << 10, "KiB": 1 << 10, "MiB": 1 << 20}, true)
	tests := []struct {
		name string
		v    string
		d    SizeDialect
		n    int64
		unit string
		ok   bool
	}{
		{"ls -h", "4.0K", HumanSizes(1024), 4096, "K", true},
		{"ls -h bytes", "512", HumanSizes(1024), 512, "", true},
		{"du -h B", "512B", HumanSizes(1024), 512, "B", true},
		{"df -H (SI)", "1.5G", HumanSizes(1000), 1_500_000_000, "G", true},
		{"--si lower k", "5.0k", HumanSizes(1000), 5000, "k", true},
		{"macOS df Gi", "460Gi", HumanSizes(1024), 460 << 30, "Gi", true},
		{"free -h Bi", "0Bi", HumanSizes(1024), 0, "Bi", true},
		{"decimal comma", "1,5M", HumanSizes(1024), 1572864, "M", true},
		{"human: exabytes do not fit", "1.0E", HumanSizes(1024), 0, "", false},
		{"human: no lower m", "1.5m", HumanSizes(1024), 0, "", false},
		{"human: two points", "1.2.3K", HumanSizes(1024), 0, "", false},
		{"human: no number", "K", HumanSizes(1024), 0, "", false},
		{"human: no space", "1 K", HumanSizes(1024), 0, "", false},
		{"docker IEC", "1.5MiB", SpelledSizes, 1572864, "MiB", true},
		{"docker SI", "187MB", SpelledSizes, 187_000_000, "MB", true},
		{"docker kB", "1.2kB", SpelledSizes, 1200, "kB", true},
		{"docker spaced", "1.5 MiB ", SpelledSizes, 1572864, "MiB", true},
		{"docker: a bare number has no unit", "15", SpelledSizes, 0, "", false},
		{"docker: no comma", "1,5MB", SpelledSizes, 0, "", false},
		{"docker: 2^62 and more not read", "5EiB", SpelledSizes, 0, "", false},
		{"docker EB", "1.5EB", SpelledSizes, 1_500_000_000_000_000_000, "EB", true},
		{"BusyBox KiB", "1.2g", busybox, 1258291, "g", true},
		{"BusyBox: a unit is required", "48", busybox, 0, "", false},
		{"lscpu spaced", "96 KiB", lscpu, 96 << 10, "KiB", true},
		{"lscpu old", "32K", lscpu, 32 << 10, "K", true},
	}
	for _, tc := range tests {
		n, unit, ok := Size(tc.v, tc.d)
		if n != tc.n || unit != tc.unit || ok != tc.ok {
			t.Errorf("%s: Size(%q) = %d %q %v, want %d %q %v", tc.name, tc.v, n, unit, ok, tc.n, tc.unit, tc.ok)
		}
	}
	if f, ok := HumanSizes(1000).Per("T"); !ok || f != 1e12 {
		t.Errorf("Per(T) = %v %v", f, ok)
	}
	// Each dialect keeps its rounding: docker's math.Round, the others'
	// one half added (they differ by one above 2^52).
	if n, _ := HumanBytes("5.7P", 1024); n != 6417629469002958 {
		t.Errorf("HumanBytes(5.7P) = %d", n)
	}
	if n, _ := Bytes("5.7PiB"); n != 6417629469002957 {
		t.Errorf("Bytes(5.7PiB) = %d", n)
	}
}
