module github.com/parism-go/parism/shaper

go 1.26

require (
	github.com/dlclark/regexp2/v2 v2.5.1
	github.com/expr-lang/expr v1.17.8
	github.com/tiktoken-go/tokenizer v0.10.0
)
