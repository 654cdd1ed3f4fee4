package windows

import (
	"fmt"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// benchTasklist is tasklist output of at least 1 MB, table or CSV.
func benchTasklist(csv bool) string {
	var b strings.Builder
	names := []string{"svchost.exe", "chrome.exe", "System Idle Process", "Microsoft.Photos.exe", "Überwachung.exe"}
	if csv {
		b.WriteString("\"Image Name\",\"PID\",\"Session Name\",\"Session#\",\"Mem Usage\"\r\n")
	} else {
		b.WriteString("\r\nImage Name                     PID Session Name        Session#    Mem Usage\r\n")
		b.WriteString("========================= ======== ================ =========== ============\r\n")
	}
	for i := 0; b.Len() < 1<<20; i++ {
		name, sess, mem := names[i%len(names)], "Console", fmt.Sprintf("%d,%03d K", 1+i%900, i%1000)
		if i%3 == 0 {
			sess = "Services"
		}
		if csv {
			fmt.Fprintf(&b, "\"%s\",\"%d\",\"%s\",\"%d\",\"%s\"\r\n", name, 4+i*4, sess, i%3, mem)
		} else {
			fmt.Fprintf(&b, "%-25s %8d %-16s %11d %12s\r\n", name, 4+i*4, sess, i%3, mem)
		}
	}
	return b.String()
}

func BenchmarkWindows(b *testing.B) {
	catalogtest.RunParseBenchOS(b, catalog.Windows, []catalogtest.BenchCase{
		{Name: "tasklist", Parser: catalogtest.ByID(b, Parsers(), "tasklist"), Args: nil, Raw: benchTasklist(false)},
		{Name: "tasklist-csv", Parser: catalogtest.ByID(b, Parsers(), "tasklist"), Args: []string{"/fo", "csv"}, Raw: benchTasklist(true)},
	})
}
