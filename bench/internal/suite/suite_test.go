package suite

import (
	"strings"
	"testing"
)

func TestNum(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 30122: "30,122", 1234567: "1,234,567", -4500: "-4,500"} {
		if got := num(n); got != want {
			t.Errorf("num(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestRepeated(t *testing.T) {
	s := &Scenario{Raw: "HEAD\na\nb\nLEGEND\n", Repeat: &LineRange{From: 1, To: -1}}
	got := s.Repeated(30)
	if !strings.HasPrefix(got, "HEAD\na\nb\na\nb\n") || !strings.HasSuffix(got, "b\nLEGEND\n") || len(got) < 30 {
		t.Errorf("Repeated = %q", got)
	}
	if strings.Count(got, "HEAD") != 1 || strings.Count(got, "LEGEND") != 1 {
		t.Errorf("head or tail repeated: %q", got)
	}
	whole := (&Scenario{Raw: "x\ny"}).Repeated(10)
	if whole != "x\ny\nx\ny\nx\ny\n" {
		t.Errorf("whole-output repeat = %q", whole)
	}
}

func TestLeaves(t *testing.T) {
	v, err := decode([]byte(`{"a":[1,{"b":"x"}],"e":[],"o":{},"s/l":1.0}`))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	leaves("", v, got)
	want := map[string]string{"/a/0": "1", "/a/1/b": `"x"`, "/e": "[]", "/o": "{}", "/s~1l": "1.0"}
	if len(got) != len(want) {
		t.Fatalf("leaves = %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("leaf %s = %q, want %q", k, got[k], w)
		}
	}
	if !sameLeaf("1.0", "1") || sameLeaf(`"1"`, "1") {
		t.Error("sameLeaf compares numbers by value and nothing else")
	}
}

func TestDeterministic(t *testing.T) {
	r := "intro\n" + DeterministicBegin + "\nfigures\n" + DeterministicEnd + "\ntiming"
	if got := Deterministic(r); got != DeterministicBegin+"\nfigures\n"+DeterministicEnd {
		t.Errorf("Deterministic = %q", got)
	}
	if Deterministic("no markers") != "" {
		t.Error("a report without markers has no deterministic part")
	}
}
