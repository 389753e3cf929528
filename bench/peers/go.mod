module github.com/robotsdfa/robotsdfa/bench/peers

go 1.26.0

require (
	github.com/robotsdfa/robotsdfa v0.0.0
	github.com/temoto/robotstxt v1.1.2
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/dgryski/go-farm v0.0.0-20240924180020-3414d57e47da // indirect
	github.com/klauspost/compress v1.20.3 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da // indirect
)

replace github.com/robotsdfa/robotsdfa => ../..

tool golang.org/x/perf/cmd/benchstat
