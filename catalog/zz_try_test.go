package catalog

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"
)

func TestTry(t *testing.T) {
	raw, _ := os.ReadFile(os.Getenv("F"))
	var args []string
	json.Unmarshal([]byte(os.Getenv("A")), &args)
	r := Default().Parse(Input{Cmd: os.Getenv("C"), Args: args, Raw: string(raw), Now: time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC), Location: time.UTC, Spans: os.Getenv("S") != ""})
	b, _ := json.MarshalIndent(r.Value, "", "  ")
	fmt.Println(string(b))
	fmt.Println(r.Err, r.UnreadLines, r.Warnings)
	for _, s := range r.Spans {
		fmt.Println(s.Pointer, s.Start, s.End, s.Transform, fmt.Sprintf("%q", string(raw[s.Start:s.End])))
	}
}
