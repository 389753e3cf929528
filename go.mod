module github.com/robotsdfa/robotsdfa

go 1.24
