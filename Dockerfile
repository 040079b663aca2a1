# One image for every Barb service; docker-compose.yml picks the service with `worker <name>`.

# Stage 1: build the whole reactor with the Maven Wrapper (the same build as on a developer's machine).
FROM maven:3.9-eclipse-temurin-21 AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -q -DskipTests install

# Stage 2: only a JRE, the launcher jar and its dependencies (the jar's manifest points at lib/).
FROM eclipse-temurin:21-jre
RUN useradd --system --create-home --home-dir /home/barb --uid 10001 barb \
    && mkdir -p /data \
    && chown barb:barb /data
WORKDIR /app
COPY --from=build /src/launcher/target/lib/ /app/lib/
COPY --from=build /src/launcher/target/barb.jar /app/barb.jar
# Inside a container the gateway must listen on every interface to be reachable through a published port.
ENV BARB_DATA_DIR=/data \
    BARB_HTTP_HOST=0.0.0.0 \
    BARB_HTTP_PORT=8080
USER barb
EXPOSE 8080
ENTRYPOINT ["java", "--enable-native-access=ALL-UNNAMED", "-jar", "/app/barb.jar"]
# Without a command the image runs everything in one container with embedded Kafka and PostgreSQL.
CMD ["up"]
