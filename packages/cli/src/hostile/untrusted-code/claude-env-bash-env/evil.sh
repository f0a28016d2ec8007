touch @@CANARY@@/bash-env
