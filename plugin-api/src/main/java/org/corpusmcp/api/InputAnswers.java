package org.corpusmcp.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The answers to the requests of one {@link ClientInput#ask}, each looked up by its request. */
public final class InputAnswers {

  private final Map<InputRequest, Object> answers;

  private InputAnswers(Map<InputRequest, Object> answers) {
    this.answers = answers;
  }

  /** Collects answers; for implementations of {@link ClientInput}. */
  public static Builder builder() {
    return new Builder();
  }

  /** The user's answer to {@code request}. */
  public ElicitationResult get(Elicitation request) {
    return (ElicitationResult) answer(request);
  }

  /** The model's answer to {@code request}. */
  public SamplingResult get(Sampling request) {
    return (SamplingResult) answer(request);
  }

  /** The client's roots. */
  @SuppressWarnings("unchecked")
  public List<Root> get(RootsRequest request) {
    return (List<Root>) answer(request);
  }

  private Object answer(InputRequest request) {
    Object answer = answers.get(request);
    if (answer == null) {
      throw new IllegalArgumentException(request + " was not among the requests asked");
    }
    return answer;
  }

  /** Collects an {@link InputAnswers}. */
  public static final class Builder {
    private final Map<InputRequest, Object> answers = new LinkedHashMap<>();

    private Builder() {}

    public Builder put(Elicitation request, ElicitationResult answer) {
      answers.put(request, Objects.requireNonNull(answer, "answer"));
      return this;
    }

    public Builder put(Sampling request, SamplingResult answer) {
      answers.put(request, Objects.requireNonNull(answer, "answer"));
      return this;
    }

    public Builder put(RootsRequest request, List<Root> answer) {
      answers.put(request, List.copyOf(answer));
      return this;
    }

    public InputAnswers build() {
      return new InputAnswers(Map.copyOf(answers));
    }
  }
}
