package shaper_test

import (
	"fmt"
	"log"

	"github.com/parism-go/parism/shaper"
)

func ExampleApply() {
	parsed, err := shaper.Decode([]byte(`{"path":"/var/log","entries":[
		{"name":"syslog","type":"file","size_bytes":2400000},
		{"name":"apt","type":"directory","size_bytes":4096},
		{"name":"kern.log","type":"file","size_bytes":1300000},
		{"name":"auth.log","type":"file","size_bytes":81000}]}`))
	if err != nil {
		log.Fatal(err)
	}
	two := 2
	out, sum, err := shaper.Apply(parsed, shaper.Query{
		Where:  []shaper.Cond{{Field: "type", Op: "eq", Value: "file"}},
		Filter: `size_bytes > 1e5 || name endsWith ".log"`,
		SortBy: &shaper.SortBy{Field: "size_bytes", Order: "desc"},
		Limit:  &two,
		Select: []string{"name", "size_bytes"},
	})
	if err != nil {
		log.Fatal(err)
	}
	b, _ := out.(*shaper.Object).MarshalJSON()
	fmt.Println(string(b))
	fmt.Println(sum.Array, sum.Total, sum.Matched, sum.Shown)

	_, _, err = shaper.Apply(parsed, shaper.Query{Where: []shaper.Cond{{Field: "size", Op: "gt", Value: 1}}})
	fmt.Println(shaper.ReasonOf(err)+":", err)
	// Output:
	// {"_summary":{"total":4,"matched":3,"shown":2},"path":"/var/log","entries":[{"name":"syslog","size_bytes":2400000},{"name":"kern.log","size_bytes":1300000}]}
	// entries 4 3 2
	// unknown_field: unknown field "size" in where[0]; fields: name, type, size_bytes
}

func ExampleFit() {
	var listing []any
	for i := range 12 {
		listing = append(listing, map[string]any{"name": fmt.Sprintf("file-%02d.log", i), "size_bytes": 1000 * i})
	}
	parsed, _ := shaper.Generic(map[string]any{"entries": listing})
	shaped, sum, _ := shaper.Apply(parsed, shaper.Query{})
	rows := shaped.(*shaper.Object).Vals[1].([]any)
	signer := shaper.NewSigner([]byte("secret"))

	// render writes the whole answer for a candidate page.
	render := func(p shaper.Page) ([]byte, error) {
		answer := &shaper.Object{}
		answer.Set("parsed", shaper.WithRows(shaped, sum.Array, p.Rows, sum))
		answer.Set("budget", p.Budget)
		if p.NextOffset >= 0 {
			answer.Set("cursor", signer.Encode(shaper.Cursor{ResultID: "r_1", QueryHash: "q", Offset: p.NextOffset}))
		}
		return answer.MarshalJSON()
	}
	// Measured in bytes here, to keep the example plain; o200k_base and
	// cl100k_base count exactly, parism/approx (the default) estimates.
	budget := shaper.Budget{MaxTokens: 400, Tokenizer: shaper.TokenizerByte, RequiredFields: []string{"name"}}
	for offset := 0; offset >= 0; {
		res, err := shaper.Fit(render, rows, offset, budget, nil)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("rows %d..%d, %d bytes, next %d\n", offset, offset+res.Rows-1, res.Measured, res.NextOffset)
		offset = res.NextOffset
	}
	// Output:
	// rows 0..4, 386 bytes, next 5
	// rows 5..9, 389 bytes, next 10
	// rows 10..11, 224 bytes, next -1
}
