# The Discord bot (one process on SQLite, or a worker of several on PostgreSQL).
# Build: docker build -t manaburn .
# Run:   docker run -d --restart unless-stopped -e DISCORD_TOKEN=... -v manaburn-data:/data manaburn
# (README: "Running the bot"). Several workers: compose.yaml and docs/scaling.md
# (MANABURN_DB=postgresql://..., MANABURN_HTTP=0.0.0.0:8080, DISCORD_PUBLIC_KEY).
FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY bot bot
COPY storage storage
RUN pip install --no-cache-dir . \
 && useradd --system --create-home manaburn \
 && mkdir -p /data && chown manaburn /data
USER manaburn
# the database (and its WAL files) live on the volume; a named volume takes
# /data's owner from the image, so the unprivileged user can write there
VOLUME /data
ENV MANABURN_DB=/data/manaburn.db
# DISCORD_TOKEN is given at run time (-e), never baked into the image; MANABURN_GUILD is optional.
# discord.py shuts down cleanly on SIGINT (and a PID 1 without a handler ignores SIGTERM)
STOPSIGNAL SIGINT
# the interactions endpoint of a worker, when MANABURN_HTTP=0.0.0.0:8080
EXPOSE 8080
CMD ["manaburn", "bot"]
