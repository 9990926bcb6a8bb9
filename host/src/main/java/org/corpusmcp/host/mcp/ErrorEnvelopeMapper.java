package org.corpusmcp.host.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.json.JsonMapper;

/**
 * The SDK's HTTP transport writes error bodies with {@code writeValueAsString(mcpError)}: the whole
 * exception, stack trace included. This mapper, given only to the HTTP transport, writes an {@link
 * McpError} as a JSON-RPC error envelope instead and delegates everything else.
 */
final class ErrorEnvelopeMapper implements McpJsonMapper {

  private final McpJsonMapper delegate;
  private final JsonMapper json;

  ErrorEnvelopeMapper(McpJsonMapper delegate, JsonMapper json) {
    this.delegate = delegate;
    this.json = json;
  }

  @Override
  public String writeValueAsString(Object value) throws IOException {
    if (value instanceof McpError error) {
      Integer code = error.getJsonRpcError() == null ? null : error.getJsonRpcError().code();
      return ProtocolGate.errorResponse(
              json, null, code == null ? -32603 : code, String.valueOf(error.getMessage()))
          .toString();
    }
    return delegate.writeValueAsString(value);
  }

  @Override
  public byte[] writeValueAsBytes(Object value) throws IOException {
    return value instanceof McpError
        ? writeValueAsString(value).getBytes(StandardCharsets.UTF_8)
        : delegate.writeValueAsBytes(value);
  }

  @Override
  public <T> T readValue(String content, Class<T> type) throws IOException {
    return delegate.readValue(content, type);
  }

  @Override
  public <T> T readValue(byte[] content, Class<T> type) throws IOException {
    return delegate.readValue(content, type);
  }

  @Override
  public <T> T readValue(String content, TypeRef<T> type) throws IOException {
    return delegate.readValue(content, type);
  }

  @Override
  public <T> T readValue(byte[] content, TypeRef<T> type) throws IOException {
    return delegate.readValue(content, type);
  }

  @Override
  public <T> T convertValue(Object fromValue, Class<T> type) {
    return delegate.convertValue(fromValue, type);
  }

  @Override
  public <T> T convertValue(Object fromValue, TypeRef<T> type) {
    return delegate.convertValue(fromValue, type);
  }
}
