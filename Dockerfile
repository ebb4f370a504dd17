# Dealer's image: the README's server install (the pinned runtime dependencies, then the bot
# itself, not editable) on python:3.11-slim, run as an unprivileged user with its SQLite
# database on the volume /data. Built with BuildKit (Docker 23 and later):
#
#   docker build -t dealer .
#   docker run -d --name dealer --restart unless-stopped \
#       -e DISCORD_TOKEN=... -v dealer-data:/data dealer
#
# docs/bot.md ("Hosting") says the rest: the other settings, backups, upgrading.
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    DATABASE_PATH=/data/dealer.db

# The source is mounted for the two installs only (the build's own files in it are thrown
# away with the mount), so the image holds the installed bot and nothing of its source tree.
WORKDIR /src
RUN --mount=type=bind,source=requirements.txt,target=/src/requirements.txt \
    pip install -r requirements.txt
RUN --mount=type=bind,target=/src,rw \
    pip install --no-deps .

RUN useradd --system --user-group --uid 10001 --home-dir /data --shell /usr/sbin/nologin dealer \
    && mkdir /data \
    && chown dealer:dealer /data
USER dealer
WORKDIR /data
VOLUME /data
CMD ["python", "-m", "bot"]
