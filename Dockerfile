# Scrollery's container image: `docker run --rm -v "$PWD:/site" IMAGE build` builds the gallery in the
# current folder. Its runtime stage is scripts/container-runtime, which scripts/dist-test runs in a bare
# Debian 12 (no image is built on the machine that tests this file).
#
# The `dist` stage is the release archive. Built here from source by default; the release workflow gives
# the archive it published instead: docker buildx build --build-context dist=./dist .

ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS compile
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcmark-dev libjemalloc-dev pkg-config git binutils \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN scripts/dist

FROM scratch AS dist
COPY --from=compile /src/dist/ /

FROM debian:bookworm-slim
COPY --from=dist / /tmp/dist/
COPY scripts/container-runtime /tmp/container-runtime
RUN /tmp/container-runtime /tmp/dist && rm -rf /tmp/dist /tmp/container-runtime
USER 1000:1000
WORKDIR /site
ENTRYPOINT ["scrollery"]
CMD ["build"]
