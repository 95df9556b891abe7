# syntax=docker/dockerfile:1

# Build: a static binary (no cgo), so the final image needs no libc.
FROM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# /out/.env: the image's defaults as a file too (see ENV below).
RUN CGO_ENABLED=0 go build -trimpath -buildvcs=false -ldflags="-s -w" -o /out/tabuleiro ./cmd/tabuleiro \
 && mkdir -p /out/data \
 && printf '%s\n' DB_PATH=/data/tabuleiro.db HTTP_ADDR=:8080 > /out/.env

# Run: distroless static, as its non-root user (uid 65532). No shell and no curl, so the binary is
# its own health probe: `tabuleiro healthcheck` asks /healthz on the port of $HTTP_ADDR.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tabuleiro /tabuleiro
# The database directory belongs to the bot's user, so a fresh named volume is writable.
COPY --from=build --chown=65532:65532 /out/data /data
# The image's defaults, twice. As ENV: docker inspect shows them, and -e or --env-file values win.
# And as the .env of the working directory, which tabuleiro reads under the environment: an
# --env-file line `HTTP_ADDR=` becomes an empty variable, which tabuleiro counts as unset, so the
# default below still applies instead of /healthz switching off (or the database leaving the
# volume). cmd/tabuleiro/container_test.go reads this file, checks that both agree and runs the
# binary the same way.
ENV DB_PATH=/data/tabuleiro.db \
    HTTP_ADDR=:8080
COPY --from=build /out/.env /.env
# Relative paths resolve from /, so an .env's DB_PATH=data/tabuleiro.db is on the volume too.
WORKDIR /
VOLUME ["/data"]
EXPOSE 8080
USER 65532:65532
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/tabuleiro", "healthcheck"]
# SIGTERM stops the intake, finishes the moves in flight (up to 20s) and closes the database; give it
# 30s (docker stop -t 30, or stop_grace_period: 30s in compose).
STOPSIGNAL SIGTERM
ENTRYPOINT ["/tabuleiro"]
# serve, not the default: a container without configuration must fail loudly, not open a console.
CMD ["serve"]
