# The corpus seed's workflow. Containers: `make start` builds the image without a Docker daemon
# (scripts/build-image.sh: mmdebstrap + jlink + umoci, as root), loads it into docker or podman and
# starts compose.yaml; the endpoint is http://127.0.0.1:8000/mcp. Without containers, `./corpus-mcp
# serve --http` serves the same. CORPUS_ROOT and CORPUS_CONFIG name the corpus on this machine
# (default ./corpus and ./corpus.toml; the bundled handbook when those do not exist).

CORPUS_ROOT ?= ./corpus
CORPUS_CONFIG ?= ./corpus.toml
export CORPUS_ROOT CORPUS_CONFIG
VERSION := $(shell sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -n 1)
IMAGE_TAR := distribution/target/corpus-mcp-$(VERSION)-oci.tar
ENGINE ?= $(shell command -v docker >/dev/null 2>&1 && echo docker || echo podman)
COMPOSE ?= $(ENGINE) compose
# The local launcher sees the corpus only when its manifest exists; else it serves the handbook.
LOCAL_CORPUS = $(if $(wildcard $(CORPUS_CONFIG)),,CORPUS_ROOT= CORPUS_CONFIG=)

.PHONY: start stop down restart build logs ps validate-corpus corpus-list test lint format

start: build ## build the image and start the container (detached)
	$(COMPOSE) up -d

stop: ## stop the container, keep it
	$(COMPOSE) stop

down: ## stop and remove the container
	$(COMPOSE) down

restart: ## restart the container
	$(COMPOSE) restart

build: ## the distribution, the release archives and the container image, loaded into the engine
	mvn -B -q -DskipTests package
	sh scripts/build-image.sh
	$(ENGINE) load -i $(IMAGE_TAR)

logs: ## follow the container's log
	$(COMPOSE) logs -f

ps: ## container status
	$(COMPOSE) ps

validate-corpus: ## open every archive of the corpus and report its metadata and faults
	$(LOCAL_CORPUS) ./corpus-mcp corpus validate

corpus-list: ## the configured libraries
	$(LOCAL_CORPUS) ./corpus-mcp corpus list

test: ## every test, as CI runs them
	scripts/test

lint: ## the format check (Spotless, google-java-format) and the compile of all main and test code, failing on any javac or Error Prone warning
	mvn -B -q spotless:check
	mvn -B -q -DskipTests test-compile

format: ## rewrite the Java sources in google-java-format's layout (spotless:apply)
	mvn -B -q spotless:apply
