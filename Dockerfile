# storygate as a Docker action. The builder's Go version must equal go.mod's
# `go` line (TestDockerfileGoVersionMatchesGoMod checks it).
FROM golang:1.26.8-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/storygate/storygate/internal/version.release=${VERSION}" \
      -o /out/storygate ./cmd/storygate \
 && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" \
      -o /out/storygate-sandbox-exec ./cmd/storygate-sandbox-exec

# The runtime image: the binary, git and sh, nothing else. Suites that need
# a language toolchain belong in host mode (host/action.yml).
FROM alpine:3.22
RUN apk add --no-cache git \
 && git config --system --add safe.directory '*'
COPY --from=build /out/storygate /usr/local/bin/storygate
COPY --from=build /out/storygate-sandbox-exec /usr/local/bin/storygate-sandbox-exec
# `docker run IMAGE serve` runs the GitHub App's webhook server instead of
# the action (the arguments replace CMD; docs/serve-reference.md): it
# listens on STORYGATE_LISTEN, :8080 by default. TestTheImageRunsBothModes
# keeps ENTRYPOINT, CMD and this port as the two modes need them.
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/storygate"]
CMD ["action"]
