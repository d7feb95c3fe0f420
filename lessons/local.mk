## lessons/local.mk
