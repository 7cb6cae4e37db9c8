import type { PersonalityId } from '@jarvis/contracts';

/** The voicemail greeting in each of the owner's personalities (doc2 §3); friendly_companion is the default. */
export const VOICEMAIL_GREETINGS: Record<PersonalityId, string> = {
  friendly_companion: "Hey there! You've reached Jarvis, the personal assistant. They can't pick up right now, but leave your name, number and a message after the tone and I'll make sure they get it!",
  professional_assistant: "Good day. You have reached Jarvis, the personal assistant. Please leave your name, number and a brief message after the tone, and it will be passed on promptly.",
  witty_sarcastic: "Congratulations, you've reached Jarvis, the assistant, not the person you wanted. Leave your name, number and message after the tone and I'll pass it on. Probably.",
  supportive_therapist: "Hello, thank you for calling. You've reached Jarvis, the personal assistant. Take your time, and leave your name, number and message after the tone. It will be heard.",
  enthusiastic_cheerleader: "Hi hi! You've reached Jarvis, the personal assistant! Leave your name, number and an awesome message after the tone and I'll pass it on right away!",
  wise_mentor: "Greetings. You have reached Jarvis, the personal assistant. Leave your name, number and your message after the tone, and it shall reach them in good time.",
  advanced_professor: "Hello. You have reached Jarvis, the personal assistant. Kindly state your name, number and the substance of your message after the tone, and it will be relayed.",
};
