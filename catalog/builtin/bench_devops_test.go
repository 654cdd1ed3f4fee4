package builtin

import (
	"bytes"
	"fmt"
	"testing"
	"text/tabwriter"

	"github.com/parism-go/parism/catalog/catalogtest"
)

// benchKubectl is `kubectl get pods -A -o wide` of at least 1 MB, laid
// out by tabwriter with kubectl's settings.
func benchKubectl() string {
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 6, 4, 3, ' ', 0)
	fmt.Fprintln(w, "NAMESPACE\tNAME\tREADY\tSTATUS\tRESTARTS\tAGE\tIP\tNODE\tNOMINATED NODE\tREADINESS GATES")
	statuses := []string{"Running", "Running", "CrashLoopBackOff", "Completed", "Pending"}
	for i := 0; buf.Len() < 1<<20; i++ {
		restarts := "0"
		if i%5 == 2 {
			restarts = fmt.Sprintf("%d (%dm ago)", i%17, i%59)
		}
		fmt.Fprintf(w, "team-%d\tservice-%d-7d4b9c8f6d-x%04x\t1/1\t%s\t%s\t%dd%dh\t10.244.%d.%d\tworker-%d\t<none>\t<none>\n",
			i%30, i, i&0xffff, statuses[i%len(statuses)], restarts, i%90, i%24, i%250, i%250, i%40)
		if i%500 == 499 {
			w.Flush()
		}
	}
	w.Flush()
	return buf.String()
}

func benchDockerPs() string {
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 10, 1, 3, ' ', 0)
	fmt.Fprintln(w, "CONTAINER ID\tIMAGE\tCOMMAND\tCREATED\tSTATUS\tPORTS\tNAMES")
	for i := 0; buf.Len() < 1<<20; i++ {
		fmt.Fprintf(w, "%012x\tregistry.example.com/team/app-%d:v1.%d\t\"/docker-entrypoint.…\"\t%d hours ago\tUp %d hours (healthy)\t0.0.0.0:%d->80/tcp, [::]:%d->80/tcp\tapp_%d,web/app_%d\n",
			i*7919, i%40, i%9, i%48, i%48, 8000+i%1000, 8000+i%1000, i, i)
		if i%500 == 499 {
			w.Flush()
		}
	}
	w.Flush()
	return buf.String()
}

func BenchmarkDevops(b *testing.B) {
	catalogtest.RunParseBench(b, []catalogtest.BenchCase{
		{Name: "kubectl-get", Parser: findParser(b, "kubectl-get"), Args: []string{"get", "pods", "-A", "-o", "wide"}, Raw: benchKubectl()},
		{Name: "docker-ps", Parser: findParser(b, "docker-ps"), Args: []string{"ps"}, Raw: benchDockerPs()},
	})
}
