package kubectl

import (
	"encoding/json"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

// TestKubectlTables: kubectl widens the columns of later chunks of a long
// list, so rows wider than the header still read (three spaces apart); only
// the chosen array is emitted, [] when empty.
func TestKubectlTables(t *testing.T) {
	r := catalogtest.Registry(Parsers())
	raw := "NAME    READY   STATUS    RESTARTS   AGE\n" +
		"a       1/1     Running   0          1d\n" +
		"a-much-longer-pod-name   0/1     CrashLoopBackOff   3 (1m ago)   2d\n"
	res := catalogtest.ParseWith(t, r, "kubectl", []string{"get", "pods"}, catalog.Linux, raw)
	pods := res.Value.(KubectlGetResult).Pods
	if len(pods) != 2 || pods[1].Status != "CrashLoopBackOff" || *pods[1].Restarts != 3 || pods[1].LastRestartAgo != "1m" {
		t.Fatalf("got %+v unread %v", pods, res.UnreadLines)
	}
	b, _ := json.Marshal(catalogtest.ParseWith(t, r, "kubectl", []string{"get", "events"}, catalog.Linux, "").Value)
	if string(b) != `{"events":[]}` {
		t.Fatalf("empty events: %s", b)
	}
	b, _ = json.Marshal(catalogtest.ParseWith(t, r, "kubectl", []string{"get", "cm"}, catalog.Linux, "").Value)
	if string(b) != `{"kind":"cm","items":[]}` {
		t.Fatalf("empty items: %s", b)
	}
}
