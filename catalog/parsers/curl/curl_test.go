package curl

import (
	"reflect"
	"slices"
	"testing"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/catalogtest"
)

func TestCurlHeadForms(t *testing.T) {
	raw := "HTTP/1.1 100 Continue\r\n\r\n" +
		"HTTP/1.1 200 OK\r\nVary: Accept\r\nX-Long: a\r\n  b\r\nvary: Cookie\r\nbad line\r\n\r\n"
	res := catalogtest.ParseWith(t, testRegistry(), "curl", []string{"-sI", "http://x"}, catalog.Linux, raw)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c := res.Value.(*CurlHeadResult)
	if c.StatusCode != 200 || c.Headers["Vary"] != "Accept, Cookie" || c.Headers["X-Long"] != "a b" {
		t.Errorf("got %+v", c)
	}
	if !reflect.DeepEqual(c.RepeatedHeaders, map[string][]string{"Vary": {"Accept", "Cookie"}}) {
		t.Errorf("repeated %v", c.RepeatedHeaders)
	}
	if len(c.Redirects) != 1 || c.Redirects[0].StatusCode != 100 {
		t.Errorf("earlier responses %+v", c.Redirects)
	}
	if !slices.Equal(res.UnreadLines, []int{8}) {
		t.Errorf("unread %v", res.UnreadLines)
	}
	if err := catalogtest.CheckSpans(raw, res.Value, res.Spans); err != nil {
		t.Error(err)
	}
}
