package builtin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
	"github.com/parism-go/parism/catalog/parsers/docker"
	"github.com/parism-go/parism/catalog/parsers/kubectl"
)

// TestDevopsArgumentRange pins the argument lists of the kubectl, docker,
// gh, helm and terraform parsers.
func TestDevopsArgumentRange(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd  string
		args []string
		hint []string // nil: accepted; non-nil: refused with this hint ([] = none)
	}{
		{"kubectl", []string{"get", "pods", "-o", "wide", "-A"}, nil},
		{"kubectl", []string{"-n", "prod", "get", "deploy,svc", "-l", "app=web"}, nil},
		{"kubectl", []string{"get", "pods", "-owide"}, nil},
		{"kubectl", []string{"get", "pods", "-o", "custom-columns=NAME:.metadata.name"}, nil},
		{"kubectl", []string{"get", "-f", "pods.yaml", "-R", "--kubeconfig", "k.yaml", "-v", "6"}, nil},
		{"helm", []string{"list", "--kubeconfig", "k.yaml", "--kube-context", "prod"}, nil},
		{"kubectl", []string{"get", "pods", "-o", "yaml"}, []string{"get", "pods", "-o", "json"}},
		{"kubectl", []string{"get", "pods", "--output=yaml", "-n", "x"}, []string{"get", "pods", "--output", "json", "-n", "x"}},
		{"kubectl", []string{"get", "pods", "-o", "json"}, []string{}},
		{"kubectl", []string{"get", "pods", "--watch"}, []string{"get", "pods"}},
		{"docker", []string{"ps", "-a", "--no-trunc", "-f", "status=exited"}, nil},
		{"docker", []string{"--context", "remote", "ps", "--format", "table {{.Names}}\t{{.Status}}"}, nil},
		{"docker", []string{"--context", "remote", "ps", "--format", "{{.Names}}"}, []string{"--context", "remote", "ps"}},
		{"docker", []string{"stats", "--no-stream", "web"}, nil},
		{"docker", []string{"stats", "web"}, []string{"stats", "web", "--no-stream"}},
		{"docker", []string{"images", "--digests", "-a"}, nil},
		{"docker", []string{"images", "--format", "json"}, []string{"images"}},
		{"gh", []string{"pr", "list", "--state", "all", "-L", "50"}, nil},
		{"gh", []string{"pr", "view", "12"}, []string{}},
		{"gh", []string{"pr", "list", "--json", "number,title"}, []string{}},
		{"helm", []string{"list", "-A", "--no-headers"}, nil},
		{"helm", []string{"ls", "-q"}, nil},
		{"helm", []string{"list", "-o", "yaml"}, []string{"list", "-o", "json"}},
		{"helm", []string{"list", "--time-format", "2006", "-A"}, []string{"list", "-A"}},
		{"terraform", []string{"plan", "-no-color", "-var", "a=b", "-var-file=x.tfvars", "-target=aws_instance.web"}, nil},
		{"terraform", []string{"-chdir=infra", "plan", "-destroy", "-refresh=false", "-lock-timeout=30s"}, nil},
		{"terraform", []string{"plan", "-json"}, []string{"plan", "-no-color"}},
		{"terraform", []string{"plan", "-destroy", "-detailed"}, []string{"plan", "-destroy", "-no-color"}},
		{"terraform", []string{"plan", "-bogus"}, []string{"plan", "-no-color"}}, // undeclared: the same call without it
	}
	for _, tc := range tests {
		res := r.Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: catalog.Linux, Raw: "x\n"})
		name := tc.cmd + " " + strings.Join(tc.args, " ")
		refused := res.Err != nil && res.Err.Reason == catalog.ReasonUnsupportedFormat
		if tc.hint == nil {
			if refused {
				t.Errorf("%s: refused: %s", name, res.Err.Message)
			}
			continue
		}
		if !refused {
			t.Errorf("%s: accepted (err %v)", name, res.Err)
			continue
		}
		var got []string
		if res.Err.Hint != nil {
			got = res.Err.Hint.Args
		}
		if !slices.Equal(got, tc.hint) {
			t.Errorf("%s: hint %q, want %q (%s)", name, got, tc.hint, res.Err.Message)
		}
	}
}

func TestDevopsJSONPassthrough(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		args []string
	}{
		{"kubectl", []string{"get", "pods", "-o", "json"}},
		{"helm", []string{"list", "-o", "json"}},
		{"gh", []string{"pr", "list", "--json", "number,title,author,labels"}},
	} {
		res := Default().Parse(catalog.Input{Cmd: tc.cmd, Args: tc.args, OS: catalog.Linux, Raw: `{"items": [{"number": 1}]}` + "\n"})
		if !res.Passthrough || res.Err != nil {
			t.Errorf("%s %q: not passed through: %+v", tc.cmd, tc.args, res.Err)
		}
	}
}

func TestDvTables(t *testing.T) {
	// Cells line up by rune, not byte: "…" is three bytes, one column.
	var buf bytes.Buffer
	w := tabwriter.NewWriter(&buf, 10, 1, 3, ' ', 0) // docker's settings
	fmt.Fprintln(w, "CONTAINER ID\tIMAGE\tCOMMAND\tCREATED\tSTATUS\tPORTS\tNAMES")
	fmt.Fprintln(w, "3f4e5d6c7b8a\tnginx\t\"/docker-entrypoint.…\"\t2 hours ago\tUp 2 hours\t\tweb")
	w.Flush()
	raw := buf.String()
	res := catalogtest.ParseWith(t, Default(), "docker", []string{"ps"}, catalog.Linux, raw)
	if res.Err != nil || len(res.UnreadLines) != 0 {
		t.Fatalf("err %v unread %v", res.Err, res.UnreadLines)
	}
	c := res.Value.(*docker.DockerPsResult).Containers[0]
	if c.Created != "2 hours ago" || c.Status != "Up 2 hours" || c.Ports != nil || !slices.Equal(c.Names, []string{"web"}) || !c.CommandTruncated {
		t.Fatalf("got %+v", c)
	}
	// kubectl widens the columns of later chunks of a long list: rows
	// wider than the header still read (three spaces apart).
	raw = "NAME    READY   STATUS    RESTARTS   AGE\n" +
		"a       1/1     Running   0          1d\n" +
		"a-much-longer-pod-name   0/1     CrashLoopBackOff   3 (1m ago)   2d\n"
	res = catalogtest.ParseWith(t, Default(), "kubectl", []string{"get", "pods"}, catalog.Linux, raw)
	pods := res.Value.(kubectl.KubectlGetResult).Pods
	if len(pods) != 2 || pods[1].Status != "CrashLoopBackOff" || *pods[1].Restarts != 3 || pods[1].LastRestartAgo != "1m" {
		t.Fatalf("got %+v unread %v", pods, res.UnreadLines)
	}
	// Only the chosen array is emitted, [] when empty.
	b, _ := json.Marshal(catalogtest.ParseWith(t, Default(), "kubectl", []string{"get", "events"}, catalog.Linux, "").Value)
	if string(b) != `{"events":[]}` {
		t.Fatalf("empty events: %s", b)
	}
	b, _ = json.Marshal(catalogtest.ParseWith(t, Default(), "kubectl", []string{"get", "cm"}, catalog.Linux, "").Value)
	if string(b) != `{"kind":"cm","items":[]}` {
		t.Fatalf("empty items: %s", b)
	}
}

// TestTerraformDetailedExitCode: with -detailed-exitcode, status 2 says
// the plan has changes (an answer); without it, 2 stays a failure, and 1
// is always one.
func TestTerraformDetailedExitCode(t *testing.T) {
	p := findParser(t, "terraform-plan")
	if _, ok := p.ExitAnswer([]string{"plan", "-no-color", "-detailed-exitcode"}, 2, catalog.Linux, "Plan: 1 to add"); !ok {
		t.Error("plan -detailed-exitcode exit 2 is not an answer")
	}
	if _, ok := p.ExitAnswer([]string{"plan", "-no-color"}, 2, catalog.Linux, "x"); ok {
		t.Error("exit 2 without -detailed-exitcode is an answer")
	}
	if _, ok := p.ExitAnswer([]string{"plan", "-detailed-exitcode"}, 1, catalog.Linux, "x"); ok {
		t.Error("exit 1 (an error) is an answer")
	}
}
