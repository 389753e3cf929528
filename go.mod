module github.com/robotsdfa/robotsdfa

go 1.24

require github.com/stretchr/testify v1.12.1

require (
	github.com/dgryski/go-farm v0.0.0-20240924180020-3414d57e47da // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
