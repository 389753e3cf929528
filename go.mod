module github.com/robotsdfa/robotsdfa

go 1.25

require (
	github.com/dgryski/go-farm v0.0.0-20240924180020-3414d57e47da
	github.com/klauspost/compress v1.20.3
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
