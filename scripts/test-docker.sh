# Sourced by .ci/run: starts a Docker daemon of the run's own (private socket, data and exec directories; no bridge,
# no iptables, so it touches no other daemon and no host network) unless SKILL_EVAL_TEST_DOCKER_HOST names one, exports
# SKILL_EVAL_TEST_DOCKER_HOST for the tests, and stops the daemon when the sourcing shell exits.
if [ -z "${SKILL_EVAL_TEST_DOCKER_HOST:-}" ]; then
  SKILL_EVAL_DOCKER_DIR=$(mktemp -d /tmp/se-ci-docker-XXXXXX)
  # Its own temp folder, inside its directory: a stack dump its containerd writes when dockerd asks for one (as it does
  # when a loaded machine answers slowly) goes with the directory, not into the machine's /tmp.
  mkdir "$SKILL_EVAL_DOCKER_DIR/tmp"
  TMPDIR="$SKILL_EVAL_DOCKER_DIR/tmp" dockerd --iptables=false --ip6tables=false --bridge=none \
    --host "unix://$SKILL_EVAL_DOCKER_DIR/docker.sock" \
    --data-root "$SKILL_EVAL_DOCKER_DIR/data" --exec-root "$SKILL_EVAL_DOCKER_DIR/exec" \
    --pidfile "$SKILL_EVAL_DOCKER_DIR/dockerd.pid" >"$SKILL_EVAL_DOCKER_DIR/dockerd.log" 2>&1 &
  SKILL_EVAL_DOCKERD_PID=$!
  stop_test_docker() {
    kill "$SKILL_EVAL_DOCKERD_PID" 2>/dev/null || true
    wait "$SKILL_EVAL_DOCKERD_PID" 2>/dev/null || true
    rm -rf "$SKILL_EVAL_DOCKER_DIR"
  }
  trap stop_test_docker EXIT
  export SKILL_EVAL_TEST_DOCKER_HOST="unix://$SKILL_EVAL_DOCKER_DIR/docker.sock"
  for _ in $(seq 1 300); do
    DOCKER_HOST="$SKILL_EVAL_TEST_DOCKER_HOST" docker version >/dev/null 2>&1 && break
    sleep 0.2
  done
  if ! DOCKER_HOST="$SKILL_EVAL_TEST_DOCKER_HOST" docker version >/dev/null 2>&1; then
    echo "test-docker: dockerd did not start; its log:" >&2
    cat "$SKILL_EVAL_DOCKER_DIR/dockerd.log" >&2
    exit 1
  fi
fi
