FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY bot bot
COPY storage storage
RUN pip install --no-cache-dir .
VOLUME /data
ENV MANABURN_DB=/data/manaburn.db
# DISCORD_TOKEN must be given at run time: docker run -e DISCORD_TOKEN=... -v manaburn:/data manaburn
CMD ["manaburn", "bot"]
