module github.com/parism-go/parism/cli

go 1.26.0

require (
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/parism-go/parism/catalog v0.0.0
	github.com/parism-go/parism/server v0.0.0
	github.com/parism-go/parism/shaper v0.0.0
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/sys v0.49.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	github.com/dlclark/regexp2/v2 v2.5.1 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
	github.com/go-jose/go-jose/v4 v4.1.4 // indirect
	github.com/goccy/go-json v0.12.0 // indirect
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/landlock-lsm/go-landlock v0.11.2 // indirect
	github.com/parism-go/parism/guard v0.0.0 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
	github.com/tiktoken-go/tokenizer v0.10.0 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/time v0.15.0 // indirect
	golang.org/x/tools v0.42.0 // indirect
	kernel.org/pub/linux/libs/security/libcap/psx v1.2.78 // indirect
)

replace github.com/parism-go/parism/server => ../server

replace github.com/parism-go/parism/catalog => ../catalog

replace github.com/parism-go/parism/guard => ../guard

replace github.com/parism-go/parism/shaper => ../shaper
