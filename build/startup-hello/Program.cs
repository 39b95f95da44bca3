System.Console.WriteLine("hello");
