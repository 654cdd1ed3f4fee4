module github.com/parism-go/parism/catalog

go 1.26

require (
	github.com/google/jsonschema-go v0.4.3
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/sergi/go-diff v1.4.0
)
