package engine

import (
	"slices"
	"testing"
)

func TestGroupFields(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{[]string{"a", "b:int"}, []string{"a", "b:int"}},
		{[]string{"entries[].name", "entries[].size_bytes:int", "entries[].perm.owner", "entries[].perm.group", "total:int"},
			[]string{"entries[].{name,size_bytes:int,perm.{owner,group}}", "total:int"}},
		{[]string{"dev.major:int"}, []string{"dev.major:int"}},
		{[]string{"env.*", "tree[].children[]:recursive", "tree[].name"}, []string{"env.*", "tree[].{children[]:recursive,name}"}},
		{nil, []string{}},
	} {
		got := groupFields(c.in)
		if !slices.Equal(got, c.want) {
			t.Errorf("groupFields(%q) = %q, want %q", c.in, got, c.want)
		}
		if back := expandFields(got); !slices.Equal(back, c.in) && len(c.in) > 0 {
			t.Errorf("expandFields(%q) = %q, want %q", got, back, c.in)
		}
	}
}

// TestGroupFieldsEveryParser: for every built-in parser, grouping loses
// nothing and keeps the order.
func TestGroupFieldsEveryParser(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	for _, p := range e.reg.Parsers() {
		flat := fieldsOf(p)
		if back := expandFields(groupFields(flat)); !slices.Equal(back, flat) {
			t.Errorf("%s: %q -> %q -> %q", p.ID, flat, groupFields(flat), back)
		}
	}
}

func TestClusterShort(t *testing.T) {
	got := clusterShort([]string{"-1", "-A|--almost-all", "-a", "--all", "-n <value>", "-#", "-l"})
	want := []string{"-1al", "-A|--almost-all", "--all", "-n <value>", "-#"}
	if !slices.Equal(got, want) {
		t.Errorf("clusterShort = %q, want %q", got, want)
	}
	if got := clusterShort([]string{"-l", "--all"}); !slices.Equal(got, []string{"-l", "--all"}) {
		t.Errorf("a single letter stays as it is: %q", got)
	}
}
