module github.com/parism-go/parism/server

go 1.26

require (
	github.com/goccy/go-json v0.12.0
	github.com/parism-go/parism/catalog v0.0.0
	github.com/parism-go/parism/guard v0.0.0
	github.com/parism-go/parism/shaper v0.0.0
	github.com/pelletier/go-toml/v2 v2.4.3
)

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/modelcontextprotocol/go-sdk v1.8.0 // indirect
)

replace github.com/parism-go/parism/guard => ../guard

replace github.com/parism-go/parism/catalog => ../catalog

replace github.com/parism-go/parism/shaper => ../shaper
